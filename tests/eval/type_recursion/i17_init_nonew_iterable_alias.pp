type A = Iterable
notice([1] =~ Iterable[Init[A]])
