unless 'abc' !~ /(b)/ { notice($1) }
