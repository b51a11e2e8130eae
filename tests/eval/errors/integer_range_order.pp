notice(Integer[3, 1])
