alert('a')
crit('c')
emerg('e')
