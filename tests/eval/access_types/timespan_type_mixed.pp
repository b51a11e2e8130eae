notice(Timespan['1-00:00:00', Timespan({days => 2, nanoseconds => -1})])
