notice(type([[1], [2, 3]]))
notice(type({a => [1]}))
