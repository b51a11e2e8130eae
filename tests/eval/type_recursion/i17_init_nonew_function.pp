function f(Init[Iterable] $x) { $x }
notice(f(1))
