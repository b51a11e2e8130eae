notice(Integer != Init[Iterable])
