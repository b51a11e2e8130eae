notice([] =~ Array[Init[Iterable]])
notice([1] =~ Array[Init[Iterable]])
