function f(Callable $c) { $c.call(2) }
notice(f() |$x| { $x * 2 })
