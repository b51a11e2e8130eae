notice(sprintf('%d apples and %s', 3, 'pears'))
