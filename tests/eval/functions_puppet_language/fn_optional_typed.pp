function f(Optional[Integer] $a = undef) { $a }
notice(f(), f(1))
