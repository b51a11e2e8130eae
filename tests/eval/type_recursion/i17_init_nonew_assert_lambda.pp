notice(assert_type(Init[Iterable], 1) |$e, $a| { 'x' })
