function add($a, $b) { $a + $b }
notice(5.add(3))
