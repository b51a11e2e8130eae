$l = Timespan(60)
$r = 30
notice($l / $r)
