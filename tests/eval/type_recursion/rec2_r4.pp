type A = Variant[A, A]
notice(A)
