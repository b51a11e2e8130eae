notice(Type('Variant[1]'))
