notice(Array[Integer, 2], Array[2], Array[1, 2], Array[Integer, 1, default])
