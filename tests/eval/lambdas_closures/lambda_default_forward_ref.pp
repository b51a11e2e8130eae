with(1) |$x, $y = $z, $z = 2| { notice($y) }
