type A = Integer[1 + 1]
notice(A)
