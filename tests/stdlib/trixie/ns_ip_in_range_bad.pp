notice(stdlib::ip_in_range('not an ip', '10.0.0.0/8'))
