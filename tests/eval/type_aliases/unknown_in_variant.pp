type A = Variant[Integer, Nosuch::Thing]
notice(A)
notice(1 =~ A)
