$d = outer_default
with(1) |$a, $b = $d| { notice($b) }
