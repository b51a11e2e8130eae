notice(Timestamp[1.5])
notice(Timestamp[1.0, 2.5])
