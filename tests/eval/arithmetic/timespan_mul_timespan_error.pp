notice(Timespan(60) * Timespan(2))
