notice('abc' =~ String[1])
notice('abc' =~ String[1,2])
notice('' =~ String[1])
