$m = 'q' =~ /(q)/
$r = 'abc' =~ Pattern[/(b)/]
notice($r)
notice($1)
