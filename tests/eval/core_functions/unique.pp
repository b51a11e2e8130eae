notice(unique([1, 2, 1, 3, 2]))
notice(unique('aabbc'))
notice(unique({a => 1, b => 1, c => 2}))
