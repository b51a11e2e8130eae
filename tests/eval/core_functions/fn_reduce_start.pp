notice([1, 2, 3].reduce(10) |$m, $x| { $m + $x })
