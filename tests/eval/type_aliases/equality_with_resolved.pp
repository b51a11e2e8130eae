type A = Integer[1]
notice(Integer[1] == A)
notice(A == Integer[1])
