notice(type(1) == Integer[1, 1])
notice(type(1) <= Integer)
notice(type([1]) <= Array[Integer])
