notice(Type('Tuple[1]'))
