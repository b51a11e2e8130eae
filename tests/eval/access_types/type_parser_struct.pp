notice(Type('Struct[1]'))
