function f() >> Init[Iterable] { 1 }
notice(f())
