notice(Timespan(4) + Timestamp('2020-01-01T00:00:00 UTC'))
