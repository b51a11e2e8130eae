function f($x) { if $x == 2 { break() } $x }
[1,2,3].each |$x| { notice(f($x)) }
notice(with(1) |$y| { [1,2,3].map |$x| { f($x) } })
$r = [1,2,3].map |$x| { with($x) |$z| { f($z) } }
notice($r)
class k { f(2) }
notice(2)
[1,2].each |$x| { include k }
notice(3)
