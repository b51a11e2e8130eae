notice(Timespan(5) < Timespan(10))
notice(Timespan(5) == Timespan(5.0))
notice(Timespan(5) > 3)
