notice(type(true), type(false, 'generalized'))
