$t = [[[0], 'a'], [[1], 'b'], [[1, 0], 'c'], [[1,1], 'd']]
notice(Hash($t, tree))
notice(Hash($t, hash_tree))
