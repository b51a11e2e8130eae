type A = NotUndef[A]
notice(A)
notice(1 =~ A)
