notice('abc' =~ /b/)
notice('abc' =~ /^b/)
