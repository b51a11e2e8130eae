define d(Integer $p) { }
d { 'a': p => 'x' }
