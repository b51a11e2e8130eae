notice(split('abc', ','))
