$a = 'top'
define t($a, Integer $n, $b = $a) {}
t { 'x': n => 'q' }
