notice(type(Timespan(3)), type(Timestamp('2020-01-01')))
