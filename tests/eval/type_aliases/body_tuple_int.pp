type A = Tuple[1]
notice(A)
