type A = Integer[(1)]
notice(A)
