notice([1, 2].all |$x| { $x > 0 })
