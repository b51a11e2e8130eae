notice('b' in {a => 1, b => 2})
notice(2 in {a => 1, b => 2})
