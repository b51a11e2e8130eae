notice('a' in 'abc')
notice('d' in 'abc')
