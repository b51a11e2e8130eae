notice(reduce([1, 2, 3]) |$m, $x| { $m * $x })
