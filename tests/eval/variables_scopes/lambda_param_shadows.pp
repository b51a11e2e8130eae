$x = outer
[inner].each |$x| { notice($x) }
notice($x)
