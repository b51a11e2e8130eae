type A = NotUndef[A]
notice(A(1))
