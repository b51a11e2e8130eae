$l = Timestamp('2020-01-01T00:00:00.000 UTC')
$r = 1.5
notice($l - $r)
