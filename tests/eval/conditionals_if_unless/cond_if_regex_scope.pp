if 'ab' =~ /(a)/ { if 'cd' =~ /(c)/ { notice($1) } notice($1) }
