notice(2.5 =~ Float[2])
notice(2.0 =~ Float[2])
notice(1.5 =~ Float[2])
