define d() { notify { "in ${title}": } }
d { 'x': loglevel => 'debug', audit => 'all' }
