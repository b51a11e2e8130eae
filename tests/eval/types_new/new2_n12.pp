$data = [[[a], {}], [[a, b], 1], [[a, c], [x, y]], [[a, c, 1], z]]
notice(Hash($data, tree))
