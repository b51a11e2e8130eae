type P = Object[{name => 'P', attributes => {a => Integer, b => {type => Optional[String], value => undef}}}]
notice(P({a => 1}))
notice(P.new({a => 2, b => 'x'}))
notice(P.new(3, 'y').b)
notice(P({a => 1}) =~ P)
