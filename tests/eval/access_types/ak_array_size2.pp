notice(Array[Integer, 1, 'x'])
