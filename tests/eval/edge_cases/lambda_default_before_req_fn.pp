function f($x = 1, $y) { [$x, $y] }
notice(f(5, 6))
