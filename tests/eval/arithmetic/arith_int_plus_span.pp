notice(10 + Timespan(4))
