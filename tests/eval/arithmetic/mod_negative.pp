notice(-7 % 3)
notice(7 % -3)
