type T = Variant[String, Array[T, 1, 2]]
notice(assert_type(T, ['a', ['b', 'c', 'd']]))
