notice(String('a', '%p'))
notice(String([a], '%p'))
