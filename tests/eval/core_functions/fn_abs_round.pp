notice(abs(-3), round(2.5), round(-2.5), floor(2.7), ceiling(2.1))
