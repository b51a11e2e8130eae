notice(Type('Hash[1]'))
