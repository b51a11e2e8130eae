type P = Object[{attributes => {x => Integer, s => String}}]
notice(P({x => 1}))
