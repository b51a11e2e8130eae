notice(Init[Callable]('x'))
