type A = Any[Integer]
notice(A)
