$x = get([1,2], 'x') |$err| { notice($err.message); notice($err.issue_code); notice($err.details); 'd' }
notice($x)
$y = get({a => 'str'}, 'a.0') |$err| { notice($err.message); notice($err.details); 'd' }
notice($y)
