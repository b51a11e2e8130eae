notice(lookup('nope', undef, undef, 'dflt'))
