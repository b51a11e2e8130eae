type P = Object[{attributes => {x => Integer, s => String}}]
notice(P({x => 1, s => 'a', t => 2}))
