type A = Tuple[Init[A]]
notice([1] =~ A)
