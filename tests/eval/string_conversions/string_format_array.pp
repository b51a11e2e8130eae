notice(String([1, 2], '%(a'))
notice(String([1, 2], '%[a'))
