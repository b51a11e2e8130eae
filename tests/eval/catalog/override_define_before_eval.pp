define d($p = 1) { notice("p=${p}") }
d { 'x': }
D['x'] { p => 2 }
