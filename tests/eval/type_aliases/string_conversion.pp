type A = Integer[1, 2]
notice(String(A))
notice(Type[A])
notice("${A}")
notice([A])
