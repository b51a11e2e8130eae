$f = |$x| { $x }
notice($f)
