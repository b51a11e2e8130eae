notice(Array[Init[Iterable]] < Array[Init[Iterable]])
