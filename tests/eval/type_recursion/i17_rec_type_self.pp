type A0 = Type[A0]
notice(A0 == Integer)
notice(1 =~ Integer)
