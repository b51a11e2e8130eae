notice([1, 2].reverse_each.map |$x| { $x })
