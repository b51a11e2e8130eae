$x = 42
notice(@("END"))
x is ${x} and $x
END
