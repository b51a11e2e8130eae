notice(5 =~ Integer[1,10])
notice(11 =~ Integer[1,10])
notice(-1 =~ Integer[default, 0])
notice(0 =~ Integer[1, default])
