with(1, 2, 3) |$a, $b = 2| { notice([$a, $b]) }
