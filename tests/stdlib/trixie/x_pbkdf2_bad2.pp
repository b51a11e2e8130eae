notice(str2saltedpbkdf2('x', 'saltsalt', 40000))
