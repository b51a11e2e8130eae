notice(lookup('nope'))
