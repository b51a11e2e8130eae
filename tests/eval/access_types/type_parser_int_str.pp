notice(Type('Integer["x"]'))
