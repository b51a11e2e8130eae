notice(@(END))
a\tb\nc
END
