notice(Timespan['1-00:00:00', '2-00:00:00'])
