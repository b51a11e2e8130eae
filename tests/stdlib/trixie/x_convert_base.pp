notice(convert_base(5, 2))
notice(convert_base('254', '16'))
notice(convert_base(35, 36))
notice(convert_base(0, 8))
