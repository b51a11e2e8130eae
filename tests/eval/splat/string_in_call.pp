function foo(*$r) { $r }
notice(foo(*'abc'))
