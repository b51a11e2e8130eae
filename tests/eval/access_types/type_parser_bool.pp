notice(Type('Boolean[1]'))
