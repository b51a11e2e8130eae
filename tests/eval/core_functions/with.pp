notice(with(1) |$x| { $x + 1 })
