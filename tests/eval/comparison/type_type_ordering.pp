notice(Type > Type[Integer])
notice(Type[Integer] > Type[Integer[1, 2]])
notice(Any > Type)
