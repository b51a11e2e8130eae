type A = Iterable
notice(1 =~ Init[A])
