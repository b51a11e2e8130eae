notice({a => 1, b => 2}.reduce(0) |$memo, $pair| { $memo + $pair[1] })
