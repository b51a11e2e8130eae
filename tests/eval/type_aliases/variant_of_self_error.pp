type A = Variant[A]
notice(1 =~ A)
