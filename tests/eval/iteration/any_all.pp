notice([1, 2, 3].any |$x| { $x > 2 })
notice([1, 2, 3].all |$x| { $x > 2 })
