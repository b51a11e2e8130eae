include haproxy
haproxy::listen { 'web': ipaddress => '0.0.0.0', ports => '80' }
