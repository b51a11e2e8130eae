class myclass($x = 10, $y = 20) { }
include myclass
notice(Class[myclass][x])
