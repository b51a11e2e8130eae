$m = 'top' =~ /(top)/
['inner'].each |$s| { $n = $s =~ /(inner)/ }
notice($1)
