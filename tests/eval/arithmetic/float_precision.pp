notice(0.1 + 0.2)
notice(1.1 * 3)
