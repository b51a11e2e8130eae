function f($a, $b) { $a }
notice(f(1))
