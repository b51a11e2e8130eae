notice(type(5), type(5, 'generalized'), type(-1))
