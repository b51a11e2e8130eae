notice(Hash([[[a, b], 1], [[a], 2]], hash_tree))
notice(Hash([[[a, b], 1], [[a], 2]], tree))
