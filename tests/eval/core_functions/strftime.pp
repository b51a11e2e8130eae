notice(Timestamp('2020-03-04T05:06:07.000 UTC').strftime('%Y/%m/%d %H:%M:%S'))
notice(Timespan(3661).strftime('%H:%M:%S'))
