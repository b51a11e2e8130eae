notice(Init[Iterable] in [1])
