notice(keys({a => 1, b => 2}), values({a => 1, b => 2}))
