type P = Object[{name => 'P', attributes => {a => Integer}}]
notice(P(1) =~ Data)
notice(P(1) =~ RichData)
notice(P(1) =~ Scalar)
