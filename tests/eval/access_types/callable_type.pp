notice(Callable[String, 1, 2])
notice(Callable[0, 0])
notice(Callable)
