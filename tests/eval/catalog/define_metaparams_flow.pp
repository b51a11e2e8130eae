define d() { notify { "n-${title}": } }
d { 'x': noop => true, loglevel => 'warning', tag => 'dt' }
