notice(Array[Integer, 'x'])
