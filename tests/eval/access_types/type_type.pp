notice(Type[Integer])
notice(Type)
