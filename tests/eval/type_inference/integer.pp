notice(type(1))
notice(type(-5))
notice(type(0))
