notice([1, 2, 3, 4, 5].step(2).map |$x| { $x })
