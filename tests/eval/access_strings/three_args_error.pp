notice('abc'[0,1,2])
