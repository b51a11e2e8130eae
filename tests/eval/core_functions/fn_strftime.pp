notice(Timestamp('2020-01-02T03:04:05Z').strftime('%Y/%m/%d %H:%M %a %b %j'))
