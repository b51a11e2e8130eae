notice(type(Sensitive(Sensitive('x'))))
notice(Sensitive[Integer] == Sensitive[Integer])
notice(Sensitive(1) =~ Sensitive[Integer[0, 5]])
notice(Sensitive[Integer[1, 2]])
