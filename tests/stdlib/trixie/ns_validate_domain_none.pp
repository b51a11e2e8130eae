stdlib::validate_domain_name()
