function f(Optional[Init[Iterable]] $x) { $x }
notice(f(undef))
notice(f(1))
