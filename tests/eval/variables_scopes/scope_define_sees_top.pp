$t = 'top'
define d { notice($t) }
d { 'x': }
