notice(lookup('x', Init[Iterable], 'first', 1))
