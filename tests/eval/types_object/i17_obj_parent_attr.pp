type P = Object[{name => 'P', attributes => {a => Integer}}]
type C = Object[{name => 'C', parent => P, attributes => {b => String}}]
notice(C)
notice(C(1, 'x') == C(1, 'x'))
notice(C(1, 'x') == P(1))
notice(C({a => 1, b => 'y'}).b)
notice(type(C(1, 'x')))
