type P = Object[{attributes => {x => Integer}}]
notify { 'n': message => P(1) }
