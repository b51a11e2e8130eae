function add($a, $b) { $a + $b }
notice(call('add', 1, 2))
