type P = Object[{name => 'P', attributes => {a => Integer}}]
notice(P({a => 'x'}))