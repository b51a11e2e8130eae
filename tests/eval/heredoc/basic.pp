notice(@(END))
Text until the given end marker
is in the resulting string.
END
