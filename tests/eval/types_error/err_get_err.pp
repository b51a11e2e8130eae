$h = {a => [1,2]}
$x = get($h, 'a.b') |$err| { notice($err); notice($err.message); notice($err.issue_code); notice($err.details); notice($err.kind); 'dflt' }
notice($x)
