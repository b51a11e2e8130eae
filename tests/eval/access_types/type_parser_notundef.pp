notice(Type('NotUndef[1, 2]'))
