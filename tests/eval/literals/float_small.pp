notice(0.0001)
notice(0.00001)
