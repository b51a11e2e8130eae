notice(Timespan('1-00:00:00'))
notice(Timespan(90))
notice(Timespan({hours => 1, minutes => 30}))
