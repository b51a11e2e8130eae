notice(type([1].reverse_each))
