define d() { }
d { 'x': }
d { 'x': }
