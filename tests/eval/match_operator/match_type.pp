notice(1 =~ Integer, 'a' =~ Integer)
