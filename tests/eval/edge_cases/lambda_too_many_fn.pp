function f($a, $b = 2) { [$a, $b] }
notice(f(1, 2, 3))
