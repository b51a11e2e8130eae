type A0 = Variant[Optional[NotUndef[A0]]]
notice(Sensitive[Callable[A0]] == Integer)
notice(1 =~ Integer)
notice(1 =~ Integer)
notice(1 =~ Integer)
notice(1 =~ Integer)
