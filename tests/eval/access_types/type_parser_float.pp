notice(Type('Float["x"]'))
