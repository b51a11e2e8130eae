notice(min(1, 'a'))
