notice(Type('Sensitive[1, 2]'))
