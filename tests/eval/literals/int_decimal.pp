notice(10)
