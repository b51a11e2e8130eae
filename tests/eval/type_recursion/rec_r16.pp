type A = Variant[A, B]
type B = Variant[A, B]
notice(A)
