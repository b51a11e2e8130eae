notice(1 =~ Init[Iterable, 1])
