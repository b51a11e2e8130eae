notice(lookup('nokey', undef, undef, 'dflt'))
notice(lookup('nokey', {default_value => 'dflt2'}))
