notice(Init[Init[Integer]]('1'))
