$ok = 'a' =~ /(?i:a)/
$bad = 'a' =~ /(yes|true/
