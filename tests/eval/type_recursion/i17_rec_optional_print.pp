type A = Optional[A]
notice(A)
