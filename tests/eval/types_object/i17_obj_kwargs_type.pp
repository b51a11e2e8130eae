type P = Object[{name => 'P', attributes => {a => Integer, b => {type => Integer, kind => constant, value => 3}}}]
notice(P(1).b)
notice(P)
