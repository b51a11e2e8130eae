$r = /x(\d)/
notice('x5' =~ $r)
notice($1)
