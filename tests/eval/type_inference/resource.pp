notice(type(Notify['x']))
notice(type(Class['a']))
