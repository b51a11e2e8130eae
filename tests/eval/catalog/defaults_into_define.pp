define d() { notify { "d-${title}": } }
Notify { loglevel => 'err' }
d { 'x': }
