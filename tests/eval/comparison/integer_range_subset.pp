notice(Integer[1,10] > Integer[2,3])
notice(Integer[1,10] == Integer[2,3])
notice(Integer[1,10] > Integer[0,5])
