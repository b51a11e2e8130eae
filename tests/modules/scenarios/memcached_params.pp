class { 'memcached': max_memory => 128, listen_ip => '127.0.0.1' }
