type A = Integer[1,2,3]
notice(A)
