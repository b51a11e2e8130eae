notice(Timestamp('10:20', '%H:%M'))
