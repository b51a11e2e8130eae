notice(Hash([[['a','b'], 1]], hash_tree))
notice(Hash([1,2,3,4]))
notice(Hash({a => 1}))
notice(Hash([[0, a], [[1, 0], b]], tree))
