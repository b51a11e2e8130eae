notice(fqdn_rand(1000))
notice(fqdn_rand(1000, 'seed'))
