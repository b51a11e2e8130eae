type A = Struct[{a => Init[Iterable]}]
notice(A)
