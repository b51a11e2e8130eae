type A = Init[A]
notice(1 =~ A)
