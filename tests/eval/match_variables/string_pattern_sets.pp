$r = 'abc' =~ 'b(c)'
notice($r)
notice($1)
