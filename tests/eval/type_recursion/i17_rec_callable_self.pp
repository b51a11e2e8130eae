type A = Optional[A]
notice(Callable[A])
