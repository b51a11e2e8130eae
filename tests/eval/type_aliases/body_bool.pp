type A = Boolean[1]
notice(A)
