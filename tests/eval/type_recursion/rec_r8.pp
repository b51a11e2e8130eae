type T = Tuple[Integer, Optional[T]]
notice([1, [2, undef]] =~ T)
