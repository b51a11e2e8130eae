notice(fqdn_uuid('puppetlabs.com'))
notice(fqdn_uuid('google.com'))
notice(fqdn_uuid(''))
