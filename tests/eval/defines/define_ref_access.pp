define d($p = 5) { }
d { 'a': p => 9 }
notice(D['a'][p])
