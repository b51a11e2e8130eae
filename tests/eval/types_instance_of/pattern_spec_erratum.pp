notice(['a', 'b', 'c'] =~ Array[Pattern['a-z']])
notice(['a', 'b', 'c'] =~ Array[Pattern['[a-z]']])
