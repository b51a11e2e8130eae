type A = Optional[A]
notice(undef =~ A)
