type A = Array[Variant[A, Integer], 1]
notice(assert_type(A, [[[]]]))
