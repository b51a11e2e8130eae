notice(Integer[1, 10].step(3).map |$x| { $x })
