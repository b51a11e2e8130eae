type A = A
notice(1 =~ A)
