notice(Numeric('0x1F'), Numeric('1.5'), Numeric(' 3 '))
