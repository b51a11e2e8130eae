notice(Type('Type[1]'))
