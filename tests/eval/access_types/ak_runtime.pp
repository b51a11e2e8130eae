notice(Runtime['a', 1])
