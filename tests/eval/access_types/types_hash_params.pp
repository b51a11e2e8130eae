notice(Hash[String, Integer, 1, 2], Hash[1, 2], Hash[String, Integer, 0])
