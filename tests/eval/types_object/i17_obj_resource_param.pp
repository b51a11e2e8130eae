type P = Object[{name => 'P', attributes => {a => Integer}}]
notify { n: message => P(1) }
