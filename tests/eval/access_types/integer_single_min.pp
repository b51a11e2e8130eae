notice(Integer[2])
notice(3 =~ Integer[2])
notice(1 =~ Integer[2])
