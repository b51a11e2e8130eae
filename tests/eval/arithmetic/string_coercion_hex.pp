notice('0x10' + 1)
notice('010' + 1)
