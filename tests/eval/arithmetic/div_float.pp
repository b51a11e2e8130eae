notice(7.0 / 2)
notice(1 / 4.0)
