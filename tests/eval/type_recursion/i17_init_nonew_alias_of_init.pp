type A = Init[Iterable]
notice(1 =~ A)
