notice(Integer[0, 10]('0xFF'))
