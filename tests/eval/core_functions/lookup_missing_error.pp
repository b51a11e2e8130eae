notice(lookup('nokey'))
