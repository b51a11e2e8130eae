notice(stdlib::seeded_rand_string(5, 's', 'x'))
