notice('a' =~ 1)
