$x = {a => 1}
notice(getvar('x.a'), getvar('nope', 'dflt'))
