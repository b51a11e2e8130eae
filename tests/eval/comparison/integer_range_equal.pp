notice(Integer[1,10] > Integer[1,10])
notice(Integer[1,10] >= Integer[1,10])
notice(Integer[1,10] == Integer[1,10])
