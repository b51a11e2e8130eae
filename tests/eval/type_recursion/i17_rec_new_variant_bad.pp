type A = Variant[A, Integer]
notice(A("x"))
