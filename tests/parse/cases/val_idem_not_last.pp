$x = 1
1 + 1
notice($x)
