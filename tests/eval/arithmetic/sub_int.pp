notice(10 - 1)
