type A = Variant[Integer, Array[B]]
type B = Variant[String, Array[A]]
notice([1, ['x', [2]]] =~ A)
notice([1, [2]] =~ A)
notice(A)
notice(B)
