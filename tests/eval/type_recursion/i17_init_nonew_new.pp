notice(Init[Iterable].new(1))
