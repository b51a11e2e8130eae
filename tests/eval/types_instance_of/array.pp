notice([1] =~ Array)
notice([Integer] =~ Array)
notice([1] =~ Array[String])
notice([] =~ Array[String])
