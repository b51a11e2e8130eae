type A = Integer
notice(Array[A])
notice({a => A})
notice("${Array[A]}")
