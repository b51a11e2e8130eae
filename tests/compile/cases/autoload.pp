include mymod
notice(mymod::double(21))
notice(42 =~ Mymod::Small)
