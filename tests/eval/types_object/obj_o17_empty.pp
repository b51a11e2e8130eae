type A = Object[{}]
notice(A)
notice(A())
notice(A() == A())
notice(Object)
notice(A < Object)
notice(A() =~ Object)
notice(Object =~ Type)
