[1, 2].each |$x| { notice($x) }
