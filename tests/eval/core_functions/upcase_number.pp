notice(upcase(1))
