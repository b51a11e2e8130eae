notice(Timestamp('2020-01-01 24:30', '%F %R'))
