type A = Iterable
notice(Integer < Init[A])
