define d($p = 1) { notice($p) }
d { 'x': }
class c { D['x'] { p => 2 } }
include c
