type P = Object { attributes => { x => Integer } }
notice(P)
