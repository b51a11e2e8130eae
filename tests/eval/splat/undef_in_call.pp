function foo(*$r) { $r }
notice(foo(*undef))
notice(foo(1, *undef))
