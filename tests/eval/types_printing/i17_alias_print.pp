type A = Integer
type P = Object[{name => 'P', attributes => {a => Integer}}]
type Q = Object[{attributes => {a => Integer}}]
notice(A)
notice(String(A))
notice(String(A, '%p'))
notice(String(A, '%s'))
notice([A])
notice(P)
notice(String(P))
notice(String(P, '%p'))
notice(String(P, '%s'))
notice([P])
notice(Q)
notice(String(Q, '%p'))
notice(Type[P])
notice(Array[P])
notice(String(Array[P], '%p'))
notice("${P}")
