notice(Timespan(10) * 2.5)
