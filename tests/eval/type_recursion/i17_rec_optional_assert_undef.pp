type A = Optional[A]
notice(assert_type(A, undef))
