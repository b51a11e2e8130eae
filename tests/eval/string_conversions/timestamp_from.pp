notice(Timestamp('2020-01-01T00:00:00.000 UTC'))
notice(Timestamp(0))
notice(Timestamp('2020-06-15', '%Y-%m-%d'))
