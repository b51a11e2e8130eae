notice(1 < 2)
notice(2 > 1)
notice(2 <= 2)
notice(3 >= 4)
