notice(Timespan(1) =~ Timespan)
notice(Timestamp('2020-01-01T00:00:00.000 UTC') =~ Timestamp)
notice(1 =~ Timespan)
