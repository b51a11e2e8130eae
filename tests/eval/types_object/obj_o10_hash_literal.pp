type P = { attributes => { x => Integer } }
notice(P)
notice(P(3))
