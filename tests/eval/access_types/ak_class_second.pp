notice(Class['a', 1])
