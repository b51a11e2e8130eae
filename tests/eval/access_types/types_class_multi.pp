notice(Class['a', 'b'], Class[a], Class['::a'])
