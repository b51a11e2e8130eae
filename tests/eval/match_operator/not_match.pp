notice('abc' !~ /b/)
notice('abc' !~ /z/)
