type Class = Integer
notice(Class)
