notice(Timespan(10) / 4)
