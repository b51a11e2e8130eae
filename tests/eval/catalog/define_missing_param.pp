define d($p) { }
d { 'x': }
