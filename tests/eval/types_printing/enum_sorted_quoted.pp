notice(Enum[blue, red, green])
notice(Enum['b', 'a'])
notice(Enum[x])
