true.each |$x| { notice($x) }
