type A = Variant[A, Integer]
notice(A)
notice(A(1))
notice(A("3"))
