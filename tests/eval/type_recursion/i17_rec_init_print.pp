type A = Callable[Init[A]]
type B = Sensitive[Init[B]]
type C = Iterable[Init[C]]
type D = Variant[Integer, Init[D]]
type E = Init[E]
notice(A)
notice(B)
notice(C)
notice(D)
notice(E)
notice(1 =~ D)
