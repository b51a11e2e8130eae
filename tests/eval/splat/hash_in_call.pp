function foo(*$r) { $r }
notice(foo(*{a => 1, b => 2}))
