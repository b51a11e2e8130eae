type Object = Integer
notice(Object)
