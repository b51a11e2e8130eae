notice(Init[Integer, 'a', 'b', 'c', 'd']('x'))
