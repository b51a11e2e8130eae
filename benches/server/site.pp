# A real-module role (Debian 12's modules): keystone behind apache, its
# database, a load balancer and time service.
node 'big.example.com' {
  class { 'keystone': }
  class { 'mysql::server': root_password => 'secret' }
  mysql::db { 'keystone': user => 'keystone', password => 'pw', host => 'localhost', grant => ['ALL'] }
  mysql::db { 'app': user => 'app', password => 'pw', host => 'localhost', grant => ['ALL'] }
  include haproxy
  haproxy::listen { 'keystone': ipaddress => '0.0.0.0', ports => '5000' }
  haproxy::listen { 'web': ipaddress => '0.0.0.0', ports => '80' }
  include ntp
  class { "memcached": max_memory => 128, listen_ip => "127.0.0.1" }
  include redis
}
node default {
  include ntp
}
