function f($a) { $a }
notice(f(a => 1))
