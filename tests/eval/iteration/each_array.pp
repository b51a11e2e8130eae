[a, b, c].each |$x| { notice($x) }
