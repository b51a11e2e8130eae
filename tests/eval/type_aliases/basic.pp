type MyInt = Integer
notice(5 =~ MyInt)
notice('a' =~ MyInt)
