notice([] =~ Collection)
notice({} =~ Collection)
notice('a' =~ Collection)
