notice(31.415e-1)
notice(0.31415e1)
