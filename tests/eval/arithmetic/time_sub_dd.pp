$l = Timespan(60)
$r = Timespan(60)
notice($l - $r)
