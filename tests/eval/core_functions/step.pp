notice(step([1, 2, 3, 4], 2).map |$x| { $x })
