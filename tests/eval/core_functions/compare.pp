notice(compare(1, 2))
notice(compare('b', 'a'))
notice(compare('a', 'A'))
notice(compare('a', 'A', false))
