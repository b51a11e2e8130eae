notice('a.b' =~ /a\.b/, "a
b" =~ /a.b/, 'ab' =~ /(?i)AB/)
