function f($x) { if $x == 2 { next(20) } $x }
notice([1,2,3].map |$x| { f($x) })
