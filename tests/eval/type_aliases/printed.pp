type PositiveInts = Array[Integer[0, default]]
notice(PositiveInts)
notice("${PositiveInts}")
