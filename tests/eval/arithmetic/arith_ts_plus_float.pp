notice(Timestamp('2020-01-01T00:00:00 UTC') + 1.5)
