$i = 10
$f = 2.5
$e = 1.0e20
notice("${i} ${f} ${e}")
