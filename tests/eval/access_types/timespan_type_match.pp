notice(Timespan(3) =~ Timespan[2])
notice(Timespan(1) =~ Timespan[2])
