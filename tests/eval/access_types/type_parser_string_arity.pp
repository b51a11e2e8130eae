notice(Type('String[1,2,3]'))
