class { 'apache': default_vhost => false }
apache::vhost { 'example.com': port => 80, docroot => '/var/www/example' }
