notice(with(1, 2, 3) |$a, *$r| { $r })
