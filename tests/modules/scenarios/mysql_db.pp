class { 'mysql::server': root_password => 'secret' }
mysql::db { 'app': user => 'app', password => 'pw', host => 'localhost', grant => ['ALL'] }
