notice(index([1, 2, 3], 2))
notice('hello'.index('l'))
notice(index([1, 2], 5) == undef)
