# The whole $facts hash reaches the catalog: any difference in any fact
# (its presence, its order) is a different catalog.
notify { 'keys': message => join(keys($facts), ',') }
notify { 'os': message => $facts['os']['family'] }
notify { 'rand': message => String(fqdn_rand(1000)) }
