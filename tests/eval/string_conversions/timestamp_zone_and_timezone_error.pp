notice(Timestamp('2020-01-02T03:04:05 UTC', '%FT%T %Z', '+01:00'))
