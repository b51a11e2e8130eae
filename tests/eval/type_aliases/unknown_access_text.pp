type A = Nosuch[1, 2]
notice(A)
