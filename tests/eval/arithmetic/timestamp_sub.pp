$t = Timestamp('2020-01-02T00:00:00.000 UTC')
notice($t - Timestamp('2020-01-01T00:00:00.000 UTC'))
notice($t - 3600)
