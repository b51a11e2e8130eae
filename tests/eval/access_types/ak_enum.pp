notice(Enum['a', 1])
