notice(@(END/L))
first \
second
END
