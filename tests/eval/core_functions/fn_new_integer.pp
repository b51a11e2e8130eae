notice(Integer('0x10'), Integer('010'), Integer('0b11'), Integer('10', 8), Integer(' 12'))
