notice(1 !~ Init[Iterable])
