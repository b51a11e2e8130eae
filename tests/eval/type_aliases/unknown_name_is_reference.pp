type A = Nosuch
notice(A)
notice(1 =~ A)
