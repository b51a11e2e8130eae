type A = Optional[A]
notice(Callable[Integer, A])
