notice(Timespan[2])
notice(Timespan[77.3])
