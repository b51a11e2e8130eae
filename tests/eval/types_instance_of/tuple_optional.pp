notice([1] =~ Tuple[Integer, String, 1, 2])
notice([1, 'a'] =~ Tuple[Integer, String, 1, 2])
notice([] =~ Tuple[Integer, String, 1, 2])
