[1,2].each |*$a| { notice($a) }
$h = {a => 1}
$h.each |*$a| { notice($a) }
$h.each |$k, *$a| { notice([$k, $a]) }
