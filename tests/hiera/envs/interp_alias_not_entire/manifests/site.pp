notice(lookup('b'))
