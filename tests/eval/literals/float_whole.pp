notice(2.0)
notice(100.0)
