notice(Hash([[[a, b], [1, 2]]], 'hash_tree'))
notice(Hash([[[a], {x => 1}], [[a, y], 2]], 'hash_tree'))
