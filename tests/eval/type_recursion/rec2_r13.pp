type A = Variant[Integer, Callable[[A], A]]
notice(A)
notice(1 =~ A)
