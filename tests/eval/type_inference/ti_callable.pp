notice(type([1].map |$x| { $x }))
