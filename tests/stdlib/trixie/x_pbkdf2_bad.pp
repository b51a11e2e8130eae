notice(str2saltedpbkdf2('x', 'short', 50000))
