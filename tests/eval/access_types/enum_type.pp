notice(Enum[blue, red, green])
