type A = Variant[Integer, Array[A]]
notice(A('3'))
