$r = [1,2,3].each |$x| { if $x == 2 { break() } notice($x) }
notice($r)
