notice([1, 2].map |$x| >> String { $x * 2 })
