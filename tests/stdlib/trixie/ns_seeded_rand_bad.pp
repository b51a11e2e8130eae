notice(stdlib::seeded_rand(10, 1))
