type A = Array[A]
notice(assert_type(A, [1]) |$e, $a| { "${e} ${a}" })
