notice(File['a', 1])
