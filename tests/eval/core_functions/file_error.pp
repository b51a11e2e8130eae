notice(file('nomodule/nofile'))
