notice(Array[Init[Iterable]]([1]))
