notice(Type('Collection[1,2,3]'))
