type A = Array[A]
notice(A([1]))
