notice([1, 2].map |$x| >> Integer { $x * 2 })
