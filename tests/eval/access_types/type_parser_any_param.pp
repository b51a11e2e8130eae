notice(Type('Any[Integer]'))
