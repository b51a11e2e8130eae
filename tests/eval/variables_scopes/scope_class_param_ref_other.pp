class c($a = 1, $b = $a + 1) { notice($b) }
include c
