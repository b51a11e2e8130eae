define d() { notify { "d-${title}": } }
d { 'x': }
Notify { loglevel => 'err' }
