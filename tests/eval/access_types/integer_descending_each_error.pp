Integer[5,1].each |$x| { notice($x) }
