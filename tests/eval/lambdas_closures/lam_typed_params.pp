notice([1, 2].map |Integer $x| { $x * 2 })
