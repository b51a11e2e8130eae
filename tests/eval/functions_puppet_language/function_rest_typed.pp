function f(Integer *$a) { $a }
notice(f(1, 2))
