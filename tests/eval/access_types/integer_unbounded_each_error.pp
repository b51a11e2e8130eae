Integer[0, default].each |$x| { notice($x) }
