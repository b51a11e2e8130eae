$r = 'abc' ? { /(c)/ => $1, default => 'no' }
notice($r, "[${1}]")
