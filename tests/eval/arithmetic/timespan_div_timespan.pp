notice(Timespan(60) / Timespan(4))
