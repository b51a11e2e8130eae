notice(Array[Data, 1])
notice(Array[Data, 2, 4])
