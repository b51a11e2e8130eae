notice(1.5E+2)
