notice(Timestamp('2020-01-02T03:04:05', '%FT%T', 'UTC+1'))
notice(Timestamp('2020-01-02', '%F', 'EST'))
notice(Timestamp('2020-01-02 03:04', default, '-03:30'))
notice(Timestamp('2020-01-02 03:04 UTC', ['%F %R %Z', '%F %R'], '+01:00'))
