function f(Integer $a, String $b = 'x') { $a }
notice(f('x'))
