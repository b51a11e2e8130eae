type A = Tuple[Init[A]]
notice(A)
