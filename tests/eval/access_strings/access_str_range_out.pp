notice('abc'[1,10], 'abc'[5,1], 'abc'[-10, 2])
