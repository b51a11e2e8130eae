notice(assert_type(Init[Iterable], 1))
