$x = {a => [1]}
notice(getvar('x.a.b') |$e| { $e.message })
notice(getvar('x.a.0'))
