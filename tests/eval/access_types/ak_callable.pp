notice(Callable[Integer, 'x'])
