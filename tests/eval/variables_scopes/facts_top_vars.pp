notice($hostname)
notice($::fqdn)
notice($os['name'])
