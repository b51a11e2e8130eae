notice(Float[2])
notice(Float[2.0])
notice(Float[1, 3.2])
notice(Float[-1.0, 1.0])
