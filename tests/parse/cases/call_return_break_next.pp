function f($x) { if $x { return 1 } return(2) }
$a = [1,2].map |$x| { if $x == 1 { next(0) } $x }
$b = [1,2].each |$x| { break() }
