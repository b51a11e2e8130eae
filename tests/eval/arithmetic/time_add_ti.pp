$l = Timestamp('2020-01-01T00:00:00.000 UTC')
$r = 30
notice($l + $r)
