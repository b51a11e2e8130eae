type P = Object[{name => 'P', attributes => {a => {type => Integer, value => 'x'}}}]
notice(P())
