notice(Float[1, 3.2])
notice(Float[0.5])
notice(Float[default, 1.0])
notice(Float[1.0, 2])
