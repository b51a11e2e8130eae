notice(type(type(1)))
