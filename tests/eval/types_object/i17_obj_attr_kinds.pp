type P = Object[{name => 'P', attributes => {a => {type => Integer, kind => given_or_derived}, c => {type => String, final => true, value => 'x'}, r => {type => Integer, kind => reference}}}]
notice(P)
notice(P(1, 'x', 2))
