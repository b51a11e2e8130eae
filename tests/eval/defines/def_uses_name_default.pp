define d($n = $name) { notice($n) }
d { 'x': }
