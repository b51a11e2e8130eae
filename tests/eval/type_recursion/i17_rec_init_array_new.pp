type A = Array[Init[A]]
notice(A.new([1]))
