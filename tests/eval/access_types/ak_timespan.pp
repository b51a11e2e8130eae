notice(Timespan[1, 'x'])
