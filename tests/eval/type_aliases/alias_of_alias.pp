type A = Integer
type B = A
notice(3 =~ B)
notice(B)
