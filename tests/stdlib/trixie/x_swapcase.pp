notice(swapcase('Hello World'))
notice(swapcase(['aB', 1]))
