notice(Timestamp(2534023008000))
notice(Timestamp('0001-01-01T00:00:00Z'))
notice(Timestamp(-62135596800))
