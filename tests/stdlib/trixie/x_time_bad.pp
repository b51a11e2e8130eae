notice(time(1, 2))
