type A = Variant[Integer, Array[A]]
notice([1, [2, [3]]] =~ A)
notice(['x'] =~ A)
