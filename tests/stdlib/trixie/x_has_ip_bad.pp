notice(has_ip_address())
