notice(1 + 0.5)
notice(2 + 2.0)
