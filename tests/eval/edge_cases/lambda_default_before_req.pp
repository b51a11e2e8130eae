with(1, 2) |$x = 1, $y| { notice([$x, $y]) }
