notice(Hash[String, 1])
