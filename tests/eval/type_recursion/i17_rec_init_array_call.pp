type A = Array[Init[A]]
notice(A([1]))
