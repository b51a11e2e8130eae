type A = Variant[Integer, Array[A]]
type B = Variant[String, Array[B]]
notice(A < B)
notice(assert_type(B, [[1]]))
