type A = Array[Init[A]]
notice([[1]] =~ A)
