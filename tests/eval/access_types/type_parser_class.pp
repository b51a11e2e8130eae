notice(Type('Class[1, 2]'))
