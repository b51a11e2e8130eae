function f(Variant[Init[Iterable], Integer] $x) { $x }
notice(f(1))
