notice(convert_base(5))
