$x = {y => 1}
notice(getvar('x'))
notice(getvar('x.y'))
notice(getvar('nope', 'dflt'))
