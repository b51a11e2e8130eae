notice(Type('Hash[String, Integer, 1, 2]'), Type('Optional["x"]'), Type('Enum[a, "b"]'))
