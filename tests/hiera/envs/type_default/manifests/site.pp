notice(lookup('nope', String, undef, 3))
