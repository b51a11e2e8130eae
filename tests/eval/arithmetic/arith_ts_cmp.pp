notice(Timestamp('2020-01-01') < Timestamp('2021-01-01'))
