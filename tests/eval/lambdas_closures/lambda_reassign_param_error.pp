[1].each |$x| { $x = 2 }
