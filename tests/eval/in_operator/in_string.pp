notice('b' in 'abc', 'B' in 'abc', 'x' in 'abc')
