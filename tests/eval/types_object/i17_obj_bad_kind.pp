type P = Object[{name => 'P', attributes => {a => {type => Integer, kind => nope}}}]
notice(P)
