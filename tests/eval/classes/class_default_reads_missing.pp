class c($a, $b = $a) {}
include c
