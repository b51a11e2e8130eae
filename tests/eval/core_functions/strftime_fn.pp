notice(strftime(Timestamp('2020-03-04T05:06:07.000 UTC'), '%F', 'UTC'))
