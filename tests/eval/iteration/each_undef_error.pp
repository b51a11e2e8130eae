$u = undef
$u.each |$x| { notice($x) }
