notice(true or false and false, !true or true)
