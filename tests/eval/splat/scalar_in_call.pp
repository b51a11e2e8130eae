function foo(*$r) { $r }
notice(foo(*5))
