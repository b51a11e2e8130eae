notice(Timestamp('10000-01-01T00:00:00Z'))
