$outer = 5
[1, 2].each |$x| { notice($x + $outer) }
