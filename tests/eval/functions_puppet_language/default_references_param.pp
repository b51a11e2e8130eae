function f($a, $b = $a * 2) { [$a, $b] }
notice(f(3))
