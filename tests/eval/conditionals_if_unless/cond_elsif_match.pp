if 'x' =~ /y/ { } elsif 'abc' =~ /(b)/ { notice($1) }
