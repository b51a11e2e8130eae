[1].each |$x| { $y = $x + 1
 notice($y) }
