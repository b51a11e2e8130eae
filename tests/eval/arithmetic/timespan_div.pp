notice(Timespan(60) / 4)
