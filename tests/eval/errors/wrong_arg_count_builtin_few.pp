notice(split('a'))
