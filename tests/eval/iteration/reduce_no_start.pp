notice([1, 2, 3].reduce |$memo, $x| { $memo + $x })
