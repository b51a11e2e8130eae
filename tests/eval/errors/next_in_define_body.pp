define d { next() }
d { 'x': }
