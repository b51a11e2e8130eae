notice(Timestamp('9999-12-31T23:59:59.999999999 UTC'))
notice(Timestamp('9999-12-31T23:59:59 UTC') + 1)
notice(Timestamp('9999-12-31T23:59:59 UTC') - Timestamp('0001-01-01T00:00:00 UTC'))
notice(Timestamp('9999-12-31T23:59:59 UTC').strftime('%A %j %U %s'))
