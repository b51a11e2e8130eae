type A = Object[{attributes => { a => Integer, b => Integer }, equality => a}]
notice(A(1, 2) == A(1, 3))
notice(A(1, 2) != A(2, 2))
notice(A)
