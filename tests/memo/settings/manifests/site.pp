notice("certname ${settings::certname}")
notice("environment ${settings::environment}")
notice($server_facts['environment'])
