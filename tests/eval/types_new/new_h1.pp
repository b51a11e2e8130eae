notice(Hash([[a, 1], [b, 2]]))
notice(Hash.new([['a', 'b'], 1]))
notice(Hash([[['a','b'], 1], [['a','c'], 2]], tree))
notice(Hash([[[a], 1], [[b, c], 2], [[b, d], 3]], 'hash_tree'))
