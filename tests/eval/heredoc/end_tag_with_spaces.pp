notice(@(END OF TEXT))
hello
END OF TEXT
