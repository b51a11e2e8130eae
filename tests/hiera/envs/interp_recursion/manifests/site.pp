notice(lookup('a'))
