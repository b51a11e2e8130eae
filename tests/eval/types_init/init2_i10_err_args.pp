notice('1' =~ Init[Integer, 'x', 'y', 'z'])
