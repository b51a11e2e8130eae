notice(Type('Resource[1]'))
