type A = Optional[Array[A]]
notice(A([]))
