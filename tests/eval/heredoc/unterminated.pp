notice(@(END))
never ends
