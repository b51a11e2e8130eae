# spec: expressions.md:60, statement 7 of 7
@(END)
Text until the given end marker
is in the resulting string.
END
