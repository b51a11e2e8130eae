[1, 2, 3].reverse_each.each |$x| { notice($x) }
