notice([1, 2, 3].map |$x| { if $x == 2 { next(20) } $x })
notice(Integer[1, 5].filter |$x| { if $x == 3 { next(true) } false })
notice([1, 2, 3].reduce |$m, $x| { if $x == 2 { next($m) } $m + $x })
