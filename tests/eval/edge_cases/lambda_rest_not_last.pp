with(1) |*$x, $y| { notice($x) }
