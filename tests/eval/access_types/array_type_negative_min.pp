notice(Array[Data, -1])
