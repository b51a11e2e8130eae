$r = [1, 2].each |$x| { $x * 10 }
notice($r)
