define d(Integer $p) { }
d { 'x': p => 'y' }
