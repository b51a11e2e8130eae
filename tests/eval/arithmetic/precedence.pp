notice(2 + 3 * 4)
notice((2 + 3) * 4)
notice(10 - 2 - 3)
notice(2 * 3 % 4)
