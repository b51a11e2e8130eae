type P = Object[{name => 'P', attributes => {a => Integer, b => String}, equality => [a]}]
notice(P(1, 'x') == P(1, 'y'))
notice(P(1, 'x') == P(2, 'x'))
notice({P(1, 'x') => 1}[P(1, 'z')])
notice([P(1, 'x'), P(1, 'y')].unique)
