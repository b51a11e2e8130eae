$x = abc[1]
notice($x)
