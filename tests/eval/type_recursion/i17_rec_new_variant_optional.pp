type A = Variant[Optional[A], Integer]
notice(A(1))
