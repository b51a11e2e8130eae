class myclass($x = 10) { }
notice(Class[myclass][x])
