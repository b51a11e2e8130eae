notice(Integer == Init[Iterable])
