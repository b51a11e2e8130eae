type A = Object[{attributes => { a => Integer }}]
notice(type(A))
notice(type(A, 'generalized'))
notice(type(A(1), 'generalized'))
notice(type(A(1), 'reduced'))
notice(type(A(1)))
