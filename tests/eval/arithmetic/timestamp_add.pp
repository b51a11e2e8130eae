$t = Timestamp('2020-01-01T00:00:00.000 UTC')
notice($t + 60)
notice($t + Timespan('1-00:00:00'))
