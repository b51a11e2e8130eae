with(1) |$a, $b = 10| { notice($a + $b) }
