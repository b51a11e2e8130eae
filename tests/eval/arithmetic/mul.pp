notice(6 * 7)
notice(1.5 * 2)
