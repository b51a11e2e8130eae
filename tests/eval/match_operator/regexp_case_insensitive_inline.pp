notice('ABC' =~ /(?i)abc/)
