notice(Type('Iterable[1,2]'))
