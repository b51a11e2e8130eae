notice(Float[3.2, 1.5])
