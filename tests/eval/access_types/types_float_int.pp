notice(Float[1, 2.5], Float[1], Integer[1.5])
