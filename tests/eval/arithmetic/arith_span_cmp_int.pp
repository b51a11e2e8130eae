notice(Timespan(4) < 5)
