notice(Class)
notice(Class[apache])
