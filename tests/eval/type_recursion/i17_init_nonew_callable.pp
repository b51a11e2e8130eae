notice(1 =~ Init[Callable])
