notice(Float[1, 'x'])
