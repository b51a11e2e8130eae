notice(10.0 - 0.1)
