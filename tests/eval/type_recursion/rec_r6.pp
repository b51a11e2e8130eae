type T = Variant[T]
notice(T)
