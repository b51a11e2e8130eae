notice(Init[Iterable] > Integer)
