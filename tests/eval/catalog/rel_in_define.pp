define d() { notify { "n-${title}": } -> notify { "m-${title}": } }
d { 'x': }
