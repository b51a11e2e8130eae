class c($a = 2, $b = $a * 3) { notice($b) }
include c
