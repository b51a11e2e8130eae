notice(String[1])
notice(String[1, 10])
notice(String[0, default])
notice(String[Integer[2, 3]])
