notice(type([1, 2, 3].reverse_each))
