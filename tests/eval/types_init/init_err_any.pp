notice(Init[Any]('x'))
