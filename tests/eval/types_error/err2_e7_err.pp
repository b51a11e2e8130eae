notice(Error('m', 'k', {1 => 2}))
