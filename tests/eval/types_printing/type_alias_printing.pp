type PositiveInts = Array[Integer[0]]
notice(PositiveInts)
notice([PositiveInts])
