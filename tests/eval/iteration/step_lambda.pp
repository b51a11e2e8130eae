[0, 1, 2, 3, 4, 5].step(3) |$x| { notice($x) }
