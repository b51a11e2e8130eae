type T = Optional[T]
notice(T)
