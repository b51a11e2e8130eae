type P = Object[{name => 'P', attributes => {a => Integer}, equality => [b]}]
notice(P(1))
