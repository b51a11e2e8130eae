notice(1 =~ Variant[Init[Iterable], Integer])
