notice(Integer < Init[Iterable])
