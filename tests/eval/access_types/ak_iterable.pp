notice(Iterable[1])
