$f = [1].map |$x| { "[${later}]" }
$later = 'late'
notice($f)
