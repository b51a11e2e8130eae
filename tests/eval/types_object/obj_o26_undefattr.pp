type A = Object[{attributes => {x => Optional[Integer]}}]
notice(A())
notice(A(undef))
notice(A(3))
notice(A({}))
