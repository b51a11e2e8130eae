$l = 1.5
$r = Timespan(60)
notice($l + $r)
