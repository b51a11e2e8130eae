type P = Object[{attributes => {x => Integer, s => String}}]
notice(P('a', 'b'))
