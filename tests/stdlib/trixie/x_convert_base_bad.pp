notice(convert_base(5, 37))
