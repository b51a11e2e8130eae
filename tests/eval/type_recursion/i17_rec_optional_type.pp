type A = Optional[A]
notice(type(A))
