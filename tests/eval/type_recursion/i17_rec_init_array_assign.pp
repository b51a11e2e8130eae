type A = Array[Init[A]]
notice(Array[Integer] < A)
