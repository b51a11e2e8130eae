notice([1, 2].step(0).map |$x| { $x })
