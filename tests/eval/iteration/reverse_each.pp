[1, 2, 3].reverse_each |$x| { notice($x) }
