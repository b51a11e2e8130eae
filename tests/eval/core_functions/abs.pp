notice(abs(-5))
notice(abs(-2.5))
notice(abs(3))
