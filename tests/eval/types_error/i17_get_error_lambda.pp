notice(get([1], '0.x') |$e| { [$e.message, $e.issue_code, type($e)] })
notice(getvar('x::y.0') |$e| { $e })
notice(get({a => 1}, 'a.b.c') |$e| { $e.issue_code })
