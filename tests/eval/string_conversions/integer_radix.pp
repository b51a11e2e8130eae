notice(Integer('777', 8))
notice(Integer('11', 2))
notice(Integer('0xff', 16))
