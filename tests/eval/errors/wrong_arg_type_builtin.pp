notice(split(1, ','))
