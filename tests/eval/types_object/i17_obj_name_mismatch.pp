type P = Object[{name => 'Q', attributes => {a => Integer}}]
notice(P(1))
notice(type(P(1)))
