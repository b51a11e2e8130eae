type A = Variant[Integer, Init[Iterable]]
notice(1 =~ A)
