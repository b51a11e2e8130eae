notice(Integer[1,3])
notice(Integer[0, default])
notice(Integer[default, 0])
notice(Integer[default, default])
