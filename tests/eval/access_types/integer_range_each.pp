Integer[1,3].each |$x| { notice($x) }
