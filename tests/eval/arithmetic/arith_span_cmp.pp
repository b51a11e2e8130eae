notice(Timespan(4) < Timespan(5))
