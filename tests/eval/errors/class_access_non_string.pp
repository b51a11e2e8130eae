notice(Class[1])
