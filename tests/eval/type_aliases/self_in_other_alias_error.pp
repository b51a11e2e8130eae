type A = A
type B = Array[A]
notice(1 =~ B)
