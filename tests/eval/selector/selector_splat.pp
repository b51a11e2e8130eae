$o = [1, 2]
notice(2 ? { *$o => 'in', default => 'out' })
