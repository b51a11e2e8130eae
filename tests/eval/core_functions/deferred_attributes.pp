$d = Deferred('join', [[1,2], '-'])
notice($d.name, $d.arguments)
