type P = Object[{name => 'P', attributes => {a => Integer}}]
type C = Object[{name => 'C', parent => P, attributes => {b => String}, functions => {f => Callable[[], String]}}]
$c = C(1, 'x')
notice($c)
notice($c.a)
notice($c =~ P)
notice(C < P)
notice(P < C)
notice(C.parent)
