$l = 30
$r = Timestamp('2020-01-01T00:00:00.000 UTC')
notice($l % $r)
