stdlib::validate_domain_name('not a domain')
