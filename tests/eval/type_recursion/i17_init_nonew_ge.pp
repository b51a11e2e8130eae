notice(Variant[Init[Iterable], Integer] >= Integer)
