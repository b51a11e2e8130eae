notice("[${chomp("ab\n")}]")
notice(chop('abc'))
notice("[${chomp("ab\r\n")}]")
