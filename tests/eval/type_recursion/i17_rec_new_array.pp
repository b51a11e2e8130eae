type A = Array[A]
notice(A([]))
