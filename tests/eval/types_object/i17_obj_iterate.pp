type P = Object[{name => 'P', attributes => {a => Integer}}]
notice(P(1).map |$x| { $x })