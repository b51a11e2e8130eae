notice(Timespan({days => 'x'}))
