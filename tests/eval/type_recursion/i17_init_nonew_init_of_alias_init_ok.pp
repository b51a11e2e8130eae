type A = Init[Integer]
type B = Init[Integer, 16]
notice('x' =~ Init[A])
notice(1 =~ Init[B])
notice([1, 2] =~ Init[A])
