notice(60 / Timespan(2))
