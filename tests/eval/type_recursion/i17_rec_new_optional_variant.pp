type A = Optional[Variant[A, Integer]]
notice(A)
notice(A(1))
