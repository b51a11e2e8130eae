notice(1 and 0, undef or '', [] and {}, !'')
