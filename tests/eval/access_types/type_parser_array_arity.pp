notice(Type('Array[1,2,3,4]'))
