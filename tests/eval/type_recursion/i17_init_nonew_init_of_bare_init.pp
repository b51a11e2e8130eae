type A = Init
notice(1 =~ Init[A])
