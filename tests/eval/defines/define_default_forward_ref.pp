$a = 'top'
define t($b = $a, $a = 2) { notice($b) }
t { 'x': }
