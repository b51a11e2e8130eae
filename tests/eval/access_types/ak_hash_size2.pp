notice(Hash[String, Integer, 1, 'x'])
