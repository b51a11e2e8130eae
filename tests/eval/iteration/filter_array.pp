notice([1, 2, 3, 4].filter |$x| { $x % 2 == 0 })
