function f($x) { if $x == 2 { break() } $x }
notice([1, 2, 3].map |$x| { f($x) })
notice([1, 2, 3].each |$x| { f($x) })
