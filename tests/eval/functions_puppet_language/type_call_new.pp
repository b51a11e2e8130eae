notice(Integer("0xFF"))
