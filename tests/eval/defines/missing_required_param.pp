define d($p) { }
d { 'a': }
