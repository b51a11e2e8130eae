type P = Object[{name => 'P', attributes => {a => Integer, n => String}, equality => [a]}]
type C = Object[{name => 'C', parent => P, attributes => {b => String}, equality => [b]}]
notice(C(1, 'x', 'y') == C(2, 'x', 'y'))
notice(C(1, 'x', 'y') == C(1, 'z', 'y'))
