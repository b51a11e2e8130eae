type A = Optional[1]
notice(A)
