class { 'haproxy': }
haproxy::listen { 'bad': ipaddress => '999.1.1.1', ports => '80', collect_exported => false }
