type A = Object[{attributes => { a => Integer }}]
type B = Object[{parent => A, attributes => { b => Integer }}]
type C = Object[{parent => B, attributes => { c => { type => Integer, value => 3 } }}]
$c = C(1, 2)
notice($c)
notice([$c.a, $c.b, $c.c])
notice($c =~ A)
notice(C < A)
notice(C(a => 1, b => 2))
