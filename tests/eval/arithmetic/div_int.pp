notice(7 / 2)
notice(8 / 2)
