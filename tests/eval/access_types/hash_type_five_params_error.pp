notice(Hash[String, String, 1, 2, 3])
