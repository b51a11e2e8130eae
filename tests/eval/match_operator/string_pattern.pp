notice('abc' =~ 'a.c')
notice('abc' =~ '^c')
