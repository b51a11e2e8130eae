notice(Optional[Init[Iterable]](1))
