type Any = Integer
notice(Any)
