type A = Variant[B, Integer]
type B = Variant[A]
notice(A)
notice(B)
notice(1 =~ B)
