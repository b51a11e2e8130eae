notice(Hash([[[a, b, c], 1], [[a, b, d], 2], [[a, e], 3]], 'tree'))
notice(Hash([[[a, b], 1], [[a, b], 2]], 'tree'))
notice(Hash([[[], 1]], 'tree'))
