notice([1, 2] =~ Array[Integer, 1, 2])
notice([1, 2, 3] =~ Array[Integer, 1, 2])
notice([] =~ Array[Integer, 1])
