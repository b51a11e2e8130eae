type A = Optional[Nosuch]
notice(A)
notice(undef =~ A)
notice(1 =~ A)
