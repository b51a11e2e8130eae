$f = |$x| { $x + 1 }
notice($f.call(1))
