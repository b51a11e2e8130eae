notice(Pattern['a', 1])
