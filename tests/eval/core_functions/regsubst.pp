notice(regsubst('hello', 'l', 'L'))
notice(regsubst('hello', 'l', 'L', 'G'))
notice(regsubst('Hello', 'h', 'J', 'I'))
