notice([1, 2].map |$x| { [10, 20].map |$y| { $x + $y } })
