notice(Timestamp['2000-01-01T00:00:00.000', default])
