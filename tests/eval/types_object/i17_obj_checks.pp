type P = Object[{name => 'P', attributes => {a => Integer}, checks => {}}]
notice(P(1))
