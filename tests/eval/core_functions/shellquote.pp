notice(shellquote('a b', "c'd", 'e'))
