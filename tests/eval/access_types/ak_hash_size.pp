notice(Hash[String, Integer, 'x'])
