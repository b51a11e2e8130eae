function f(Integer *$x = [1, 2]) { $x }
notice(f())
