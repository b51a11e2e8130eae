notice(['A','b','C'] - ['a','c'])
