$l = 30
$r = Timespan(60)
notice($l - $r)
