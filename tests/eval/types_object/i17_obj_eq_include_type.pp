type P = Object[{name => 'P', attributes => {a => Integer}, equality_include_type => false}]
type Q = Object[{name => 'Q', parent => P}]
notice(P(1) == Q(1))
