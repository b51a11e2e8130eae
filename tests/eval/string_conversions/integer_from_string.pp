notice(Integer('42'))
notice(Integer('0x1F'))
notice(Integer('0b101'))
notice(Integer('-17'))
