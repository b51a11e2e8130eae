notice(Type('Callable[1]'))
