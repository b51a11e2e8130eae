type A = Sensitive[Variant[Integer, A]]
notice(Sensitive(1) =~ A)
notice(A)
