type TypeSet = Integer
notice(TypeSet)
