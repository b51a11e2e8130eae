$l = Timespan(60)
$r = 1.5
notice($l % $r)
