notice(Regexp('a.c'))
notice('abc' =~ Regexp('a.c'))
