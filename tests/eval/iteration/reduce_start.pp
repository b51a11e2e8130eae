notice([1, 2, 3].reduce(10) |$memo, $x| { $memo + $x })
