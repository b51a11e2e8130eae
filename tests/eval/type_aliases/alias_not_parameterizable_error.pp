type B = Integer
type A = B[1]
notice(A)
