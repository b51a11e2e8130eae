$h = {a => 1}
$x = getvar('h.a.b') |$err| { notice($err.issue_code); notice($err.kind); 'dflt' }
notice($x)
