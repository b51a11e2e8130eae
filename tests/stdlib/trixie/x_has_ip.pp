notice(has_ip_address('10.0.0.5'))
notice(has_ip_address('10.0.0.6'))
notice(has_ip_network('10.0.0.0'))
notice(has_ip_network('192.168.0.0'))
