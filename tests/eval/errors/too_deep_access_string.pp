notice('abc'[0][0][5, 1, 1])
