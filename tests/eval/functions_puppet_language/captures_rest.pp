function f($a, *$rest) { [$a, $rest] }
notice(f(1))
notice(f(1, 2, 3))
