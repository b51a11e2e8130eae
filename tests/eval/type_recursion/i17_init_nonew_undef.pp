notice(undef =~ Init[Iterable])
