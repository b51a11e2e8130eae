[1, 2, 3].each |$x| { notice($x) }
