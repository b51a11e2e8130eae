notice(Integer <= Init[Iterable])
