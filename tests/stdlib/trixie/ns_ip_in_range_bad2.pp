notice(stdlib::ip_in_range('10.0.0.1', ['10.0.0.0/8', 'x']))
