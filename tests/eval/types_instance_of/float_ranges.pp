notice(1.5 =~ Float[1.0, 2.0])
notice(2.5 =~ Float[1.0, 2.0])
notice(2 =~ Float[1.0, 2.0])
