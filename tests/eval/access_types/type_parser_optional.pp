notice(Type('Optional[1]'))
