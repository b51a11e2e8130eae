$x = {a => [1, 2.5, 'z']}
notice(type($x))
