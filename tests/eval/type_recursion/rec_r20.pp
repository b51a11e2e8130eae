type A = Struct[{x => Optional[A], y => Integer}]
notice(assert_type(A, {y => 1, x => {y => 'a'}}))
