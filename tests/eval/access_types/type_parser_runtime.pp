notice(Type('Runtime[a]'))
