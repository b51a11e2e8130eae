$var = [1, 2, 3]
notice("${var.map |$x| { $x * 10 }}")
