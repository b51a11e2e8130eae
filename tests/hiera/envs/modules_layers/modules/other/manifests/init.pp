class other($x, $y = 'y default') { notice("${x} ${y}") }
