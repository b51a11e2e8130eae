type A = Array[1,2,3,4]
notice(A)
