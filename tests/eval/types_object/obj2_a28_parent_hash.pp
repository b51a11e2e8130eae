type A = Object[{attributes => { a => Integer }}]
type B = A { attributes => { b => Integer } }
notice(B)
