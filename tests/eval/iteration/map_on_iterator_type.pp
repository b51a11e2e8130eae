notice(Integer[1, 3].filter |$x| { $x != 2 })
