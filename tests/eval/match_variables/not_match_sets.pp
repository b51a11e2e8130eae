$r = 'abc' !~ /(b)/
notice($r)
notice($1)
