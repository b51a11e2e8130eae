type A = Variant[Integer, Array[A]]
type B = Variant[Integer, Array[B]]
notice(A < B)
notice(B < A)
notice(A == B)
notice(Array[A] < A)
notice(Array[String] < A)
