type A = Iterable
notice('x' =~ Variant[Integer, Init[A]])
