function f($a, $b = $a + 1) { $b }
notice(f(1))
