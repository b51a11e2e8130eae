notice(Type('Nosuch[1]'))
