$a = []
[1, 2].each |$x| { $b = $x }
notice($a)
