notice(regsubst('a', 'a', 'b', 'Z'))
