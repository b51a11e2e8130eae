notice(convert_base('x', 2))
