notice(sprintf('%x %X %o %b', 255, 255, 8, 5))
notice(sprintf('%#x %#o', 255, 8))
