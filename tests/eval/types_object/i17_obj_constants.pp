type P = Object[{name => 'P', attributes => {a => Integer}, constants => {k => 42}}]
notice(P(1).k)
notice(P)
