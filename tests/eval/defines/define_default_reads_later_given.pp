define t($b = "<${a}>", $a) { notice($b) }
t { 'x': a => 1 }
