type T = Variant[Integer, Type[T]]
notice(Integer =~ T)
notice(Type[Integer] =~ T)
notice(T)
