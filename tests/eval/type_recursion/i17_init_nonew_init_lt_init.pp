notice(Init[Iterable] < Init)
