type A = Init[Iterable]
notice(1 =~ Init[A])
