type A = Integer
notice(A == Integer, Integer == A, A != String)
