type A = Object[{attributes => { a => Integer }}]
notice(A('x'))
