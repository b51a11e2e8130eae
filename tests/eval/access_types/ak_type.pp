notice(Type[1])
