notice(type(1.5), type(1.5, 'generalized'))
