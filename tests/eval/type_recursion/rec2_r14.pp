type A = Init[A]
notice(A)
