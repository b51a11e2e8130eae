type P = Object[{name => 'P', attributes => {a => Integer}}]
notice(P({b => 1}))