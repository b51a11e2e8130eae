$x = 42
notice(@(END))
x is ${x}
END
