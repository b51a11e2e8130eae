function f(Deferred $d) { call($d) }
notice(f(Deferred('upcase', ['x'])))
notice(f('x'))
