notice(type([[1], {a => [2]}]))
