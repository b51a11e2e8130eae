type A = Array[Nosuch[1]]
notice(A)
notice([] =~ A)
notice([1] =~ A)
