notice(Timespan(60) + Timespan(30))
notice(Timespan(60) + 5)
notice(2.5 + Timespan(1))
