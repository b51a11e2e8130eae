class c($x = 1, $y = 'two') { notice("${x} ${y}") }
include c
