function add($a, $b) { $a + $b }
notice(add(1, 2))
