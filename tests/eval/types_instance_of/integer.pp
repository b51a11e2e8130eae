notice(1 =~ Integer)
notice(1.0 =~ Integer)
notice('1' =~ Integer)
