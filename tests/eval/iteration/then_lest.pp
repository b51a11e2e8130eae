$u = undef
notice($u.lest || { 'fallback' })
notice(5.then |$x| { $x + 1 })
notice($u.then |$x| { $x + 1 } == undef)
