notice('a' =~ String)
notice('' =~ String)
notice(1 =~ String)
