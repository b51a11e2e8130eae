notice(Type('Enum[a, 1]'))
