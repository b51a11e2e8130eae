type A = Callable[A]
notice(A)
